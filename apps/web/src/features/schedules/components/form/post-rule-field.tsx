// "Which post": every timed schedule form says which post its reply answers, in the rule's own
// words (core/scheduling/post-rule.ts): the target's next post (the run waits for it, up to the
// minutes given) or the freshest post at that time (made within the minutes given). A recurring
// reply answers the freshest post at each time, so it offers only that.
import { Input } from '@web/components/ui/input';
import { FieldError, invalidProps } from '@web/components/field';
import { OptionSelect } from '@web/components/option-select';
import {
  DEFAULT_FRESHNESS_MINUTES,
  DEFAULT_WAIT_MINUTES,
  MAX_FRESHNESS_MINUTES,
  MAX_WAIT_MINUTES,
  postRuleWords,
  type PostChoice,
  type PostRuleKind,
} from '@core/scheduling/post-rule';

/** The choice shown: the user's own, or the plan's default (`fallback`) until they pick one. */
export const effectivePostChoice = (own: PostChoice | null, fallback: PostChoice, recurring: boolean): PostChoice => {
  const choice = own ?? fallback;
  return recurring && choice.kind === 'next' ? { kind: 'freshest', freshnessMinutes: DEFAULT_FRESHNESS_MINUTES } : choice;
};

/** The three fields every schedule call takes for the choice. */
export const postChoiceFields = (choice: PostChoice) =>
  choice.kind === 'next' ? { targetPost: 'next' as const, waitMinutes: choice.waitMinutes } : { targetPost: 'freshest' as const, freshnessMinutes: choice.freshnessMinutes };

export function PostRuleField({
  id,
  choice,
  onChange,
  recurring,
  targetUsername,
  disabled,
  error,
}: {
  id: string;
  choice: PostChoice;
  onChange: (choice: PostChoice) => void;
  recurring: boolean;
  targetUsername: string | null;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const options: { value: PostRuleKind; label: string }[] = recurring
    ? [{ value: 'freshest', label: 'The freshest post at each time' }]
    : [
        { value: 'next', label: 'Their next post' },
        { value: 'freshest', label: 'The freshest post at that time' },
      ];
  const minutes = choice.kind === 'next' ? choice.waitMinutes : choice.freshnessMinutes;
  const setMinutes = (text: string) => {
    const n = Number.parseInt(text, 10);
    const value = Number.isFinite(n) ? n : 0;
    onChange(choice.kind === 'next' ? { kind: 'next', waitMinutes: value } : { kind: 'freshest', freshnessMinutes: value });
  };
  const minutesId = `${id}-minutes`;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">Which Post</span>
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <OptionSelect
          id={id}
          label="Which post"
          options={options}
          value={choice.kind}
          onChange={(kind) =>
            onChange(kind === 'next' ? { kind: 'next', waitMinutes: DEFAULT_WAIT_MINUTES } : { kind: 'freshest', freshnessMinutes: DEFAULT_FRESHNESS_MINUTES })
          }
          disabled={disabled === true || recurring}
        />
        <label className="flex items-center gap-2 text-sm" htmlFor={minutesId}>
          <span className="shrink-0 text-muted-foreground">{choice.kind === 'next' ? 'Wait up to' : 'Made within the last'}</span>
          <Input
            id={minutesId}
            type="number"
            inputMode="numeric"
            min={1}
            max={choice.kind === 'next' ? MAX_WAIT_MINUTES : MAX_FRESHNESS_MINUTES}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            disabled={disabled}
            className="w-24"
            {...invalidProps(minutesId, error)}
          />
          <span className="text-muted-foreground">min</span>
        </label>
      </div>
      <FieldError id={minutesId} error={error} />
      <p className="text-xs text-muted-foreground" data-testid={`${id}-words`}>
        {postRuleWords(choice, targetUsername)}
        {choice.kind === 'next' ? '. Never a post made before this reply was scheduled; with none by then, it is skipped.' : '; an older post is not answered.'}
      </p>
    </div>
  );
}
