// The explanatory list of the 10 classic viral styles, each with its best use (spec part 2 §9).
import { BEST_USE_LABELS, CLASSIC_STYLES, definitionsOf } from '@core/styles';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

export function StyleList() {
  const styles = definitionsOf(CLASSIC_STYLES);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>The {styles.length} styles</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 sm:grid-cols-2" data-testid="style-list">
          {styles.map((s, i) => (
            <li key={s.id} className="grid gap-1 rounded-lg border bg-muted/30 p-3" data-testid="style-item">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-xs tabular-nums text-muted-foreground">{i + 1}.</span>
                <span className="font-medium">{s.label}</span>
                {s.bestUse && <Badge variant="info">{BEST_USE_LABELS[s.bestUse]}</Badge>}
                {i === 0 && <Badge variant="secondary">Default</Badge>}
              </div>
              <p className="text-sm text-muted-foreground">{s.description}</p>
              <code className="text-xs text-muted-foreground">{s.id}</code>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
