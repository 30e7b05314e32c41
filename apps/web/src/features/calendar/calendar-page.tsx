// Schedule Management (/calendar-mockup; spec part 1 §2, made real per design.md): the user's
// schedules placed at their next run and their repeats, as a 7-day list of time slots, a week or a
// month, and a compose panel that creates a real schedule. No placeholder data.
import { useEffect, useRef, useState } from 'react';
import { CalendarDays, ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { addDays, formatDate, formatTime, nextPeakSlot, PEAK_WINDOW_DEFINITIONS, PEAK_WINDOWS, recommendedPeakWindow, localAt, requireZone, toMs, type LocalDate } from '@core/scheduling/time';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { useAuth } from '@web/lib/auth';
import { PageHeader } from '@web/components/page-header';
import { useTargetAccounts, useXAccounts, useSchedules } from '@web/features/schedules';
import { useNow } from '@web/hooks/use-now';
import { useUserZone } from '@web/lib/time-format';
import { ComposePanel, type ComposeSlot } from './compose-panel';
import { composePlan } from './compose-plan';
import { useMoveOnDrop } from './move';
import { byDay, dayStartMs, daysFrom, monthGrid, occurrencesIn, todayIn, waitingForPost, weekStart } from './occurrences';
import { DayList } from './views/day-list';
import { MonthView } from './views/month-view';
import { WeekView } from './views/week-view';

type View = 'list' | 'week' | 'month';

const RANGE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const utc = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day, 12);

/** The next slot of the recommended peak window, as the compose panel's starting point. */
const recommendedSlot = (zone: string, now: Date): ComposeSlot => {
  const at = toMs(nextPeakSlot(recommendedPeakWindow(now, zone), now, zone));
  const local = localAt(at, requireZone(zone));
  return { date: formatDate(local), time: formatTime(local) };
};

export default function CalendarPage() {
  const zone = useUserZone();
  const { user } = useAuth();
  const now = useNow();
  const list = useSchedules();
  const targets = useTargetAccounts();
  const x = useXAccounts();
  const today = todayIn(zone, now.getTime());
  const todayKey = formatDate(today);
  const [view, setView] = useState<View>('list');
  const [anchor, setAnchor] = useState<LocalDate>(today);
  const [slot, setSlot] = useState<ComposeSlot>(() => recommendedSlot(zone, new Date()));
  const compose = useRef<HTMLDivElement>(null);
  const { dropAt, notice } = useMoveOnDrop(zone);

  useEffect(() => void (list.error && toast({ title: 'Error loading schedules', description: 'Please try again.', variant: 'destructive' })), [list.error]);

  const days = view === 'list' ? daysFrom(anchor, 7) : view === 'week' ? daysFrom(weekStart(anchor), 7) : monthGrid(anchor);
  const first = days[0] ?? today;
  const last = days[days.length - 1] ?? today;
  const occurrences = occurrencesIn(list.schedules, dayStartMs(first, zone), dayStartMs(addDays(last, 1), zone), zone);
  const perDay = byDay(occurrences);
  const waiting = waitingForPost(list.schedules);

  const step = (direction: 1 | -1) => {
    if (view === 'month') {
      const month = anchor.month - 1 + direction;
      setAnchor({ year: anchor.year + Math.floor(month / 12), month: ((month % 12) + 12) % 12 + 1, day: 1 });
    } else setAnchor(addDays(anchor, 7 * direction));
  };

  const canAdd = (day: string, minutes: number) => {
    const plan = composePlan(day, formatTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 }), zone, now);
    return plan.kind === 'peak' || plan.kind === 'exact';
  };

  const fillCompose = (next: ComposeSlot) => {
    setSlot(next);
    compose.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    compose.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true });
  };

  /** A picked day starts at its first peak posting time still ahead. */
  const pickDay = (day: string) => {
    const times = PEAK_WINDOWS.map((w) => formatTime(PEAK_WINDOW_DEFINITIONS[w].postAt));
    const time = times.find((t) => {
      const plan = composePlan(day, t, zone, now);
      return plan.kind === 'peak' || plan.kind === 'exact';
    });
    fillCompose({ date: day, time: time ?? slot.time });
  };

  const title = view === 'month' ? MONTH.format(utc(anchor)) : `${RANGE.format(utc(first))} – ${RANGE.format(utc(last))}, ${last.year}`;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Schedule Management" description={`Your scheduled replies on a calendar, in your time zone (${zone}).`} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardHeader className="gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Tabs value={view} onValueChange={(v) => setView(v as View)}>
                <TabsList aria-label="Calendar view">
                  <TabsTrigger value="list" aria-controls="calendar-view">7 days</TabsTrigger>
                  <TabsTrigger value="week" aria-controls="calendar-view">Week</TabsTrigger>
                  <TabsTrigger value="month" aria-controls="calendar-view">Month</TabsTrigger>
                </TabsList>
              </Tabs>
              <div className="flex items-center gap-1">
                <Button variant="outline" size="icon-sm" aria-label="Previous" onClick={() => step(-1)}>
                  <ChevronLeft />
                </Button>
                <Button variant="outline" size="sm" onClick={() => setAnchor(today)}>
                  Today
                </Button>
                <Button variant="outline" size="icon-sm" aria-label="Next" onClick={() => step(1)}>
                  <ChevronRight />
                </Button>
                <Button variant="ghost" size="icon-sm" aria-label="Refresh" onClick={() => void list.mutate()} disabled={list.isValidating}>
                  <RefreshCw className={list.isValidating ? 'animate-spin' : undefined} />
                </Button>
              </div>
            </div>
            <h2 className="flex items-center gap-2 text-lg font-semibold" data-testid="calendar-title">
              <CalendarDays className="size-5 text-muted-foreground" />
              {title}
            </h2>
          </CardHeader>
          <CardContent id="calendar-view" className="grid grid-cols-1 gap-4">
            {/* Stays until the next drop: what the last one did, or why the server refused it. */}
            {notice && (
              <Alert variant={notice.ok ? 'default' : 'destructive'} data-testid="calendar-move-notice" role={notice.ok ? 'status' : 'alert'}>
                <AlertDescription>{notice.text}</AlertDescription>
              </Alert>
            )}
            {list.isLoading ? (
              <div className="grid gap-3" aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-28 w-full" />
                ))}
              </div>
            ) : view === 'list' ? (
              <DayList days={days} byDay={perDay} zone={zone} now={now} canAdd={canAdd} onAdd={(date, time) => fillCompose({ date, time })} dropAt={dropAt} />
            ) : view === 'week' ? (
              <WeekView days={days} byDay={perDay} zone={zone} today={todayKey} onPickDay={pickDay} dropAt={dropAt} />
            ) : (
              <MonthView days={days} month={anchor.month} byDay={perDay} zone={zone} today={todayKey} onPickDay={pickDay} dropAt={dropAt} />
            )}
            {!list.isLoading && occurrences.length === 0 && <p className="text-center text-sm text-muted-foreground">No scheduled replies in this period.</p>}
            {waiting.length > 0 && (
              <p className="text-sm text-muted-foreground" data-testid="calendar-auto">
                {waiting.length} {waiting.length === 1 ? 'reply waits' : 'replies wait'} for the target to post (auto), so {waiting.length === 1 ? 'it has' : 'they have'} no time on the calendar yet.
              </p>
            )}
          </CardContent>
        </Card>
        <div className="lg:sticky lg:top-6">
          <ComposePanel
            ref={compose}
            slot={slot}
            onSlot={setSlot}
            targets={targets.accounts}
            xAccounts={x.accounts}
            zone={zone}
            tier={user?.tier}
            today={todayKey}
          />
        </div>
      </div>
    </div>
  );
}
