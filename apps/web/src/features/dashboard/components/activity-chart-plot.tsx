// The chart of ActivityChart: bars of replies sent (left axis) and a line of impressions (right
// axis) per day. recharts' accessibility layer makes it one tab stop whose arrow keys move the
// tooltip from day to day. At 375 px the axes keep short labels and only the day names that fit.
// No animation: the figures are shown as they are, at once (and nothing moves for reduced motion).
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ActivityDay } from '@web/features/dashboard/api/dashboard-queries';

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });
const number = new Intl.NumberFormat('en-US');

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export default function ActivityChartPlot({ days, labelledBy, describedBy }: { days: ActivityDay[]; labelledBy: string; describedBy: string }) {
  return (
    <div className="h-56 w-full" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} data-testid="activity-plot">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 0, bottom: 0, left: -16 }} accessibilityLayer>
          <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="date" tickFormatter={(d: string) => shortDay.format(utc(d))} tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} tickLine={false} />
          <YAxis yAxisId="replies" allowDecimals={false} tick={{ fontSize: 11 }} width={40} tickLine={false} axisLine={false} />
          <YAxis yAxisId="impressions" orientation="right" allowDecimals={false} tick={{ fontSize: 11 }} width={44} tickFormatter={(n: number) => compact.format(n)} tickLine={false} axisLine={false} />
          <Tooltip
            labelFormatter={(d) => longDay.format(utc(String(d)))}
            formatter={(value, name) => [number.format(Number(value)), name]}
            contentStyle={{ fontSize: 12, borderRadius: 8 }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="replies" dataKey="repliesSent" name="Replies sent" fill="#6366f1" radius={[3, 3, 0, 0]} maxBarSize={24} isAnimationActive={false} />
          <Line yAxisId="impressions" dataKey="impressions" name="Impressions" type="monotone" stroke="#0284c7" strokeWidth={2} dot={false} activeDot={{ r: 4 }} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
