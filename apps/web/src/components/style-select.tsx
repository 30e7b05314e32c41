// A viral-style picker over one of the spec's lists (classic/bulk or V2), labelled from the one
// catalogue in core/styles.
import { BEST_USE_LABELS, styleDefinition, type WritingStyle } from '@core/styles';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

type Props<S extends WritingStyle> = {
  id: string;
  styles: readonly S[];
  value: S;
  onChange: (style: S) => void;
  disabled?: boolean;
  label?: string;
  compact?: boolean;
};

export function StyleSelect<S extends WritingStyle>({ id, styles, value, onChange, disabled, label = 'Viral style', compact }: Props<S>) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as S)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className={compact ? 'min-w-40' : undefined}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {styles.map((s) => {
          const def = styleDefinition(s);
          return (
            <SelectItem key={s} value={s}>
              {def.label}
              {!compact && def.bestUse && <span className="ml-1 text-xs text-muted-foreground">· {BEST_USE_LABELS[def.bestUse]}</span>}
            </SelectItem>
          );
        })}
      </SelectContent>
    </Select>
  );
}
