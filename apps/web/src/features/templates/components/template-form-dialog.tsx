// The create/edit dialog of spec part 2 §2 and §4: one dialog for both; defaults on create are
// active, AI off, savage_comeback, 4000. AI options are dimmed and inactive while AI is off.
// @mentions are stripped when the content field is left (and again by the server on save), with
// the spec's 5-second warning.
import { useRef, useState, type FormEvent } from 'react';
import { CLASSIC_STYLES, type ClassicStyle } from '@core/styles';
import { useDefaultStyle } from '@web/hooks/use-default-style';
import { clampAiMaxLength, TEMPLATE_FORM_DEFAULTS, TEMPLATE_LIMITS, TEMPLATE_MESSAGES, templateInputSchema } from '@core/templates/schemas';
import { countCharacters } from '@core/text/length';
import { stripMentions } from '@core/text/mentions';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { useChangedElsewhere, WithEditBase } from '@web/components/changed-elsewhere';
import { validate, type FieldErrors } from '@web/lib/form';
import { cn } from '@web/lib/utils';
import { FieldError, invalidProps } from '@web/components/field';
import { StyleSelect } from '@web/components/style-select';
import { createTemplate, templateUrl, updateTemplate, type SavedTemplate, type Template, type TemplateFields } from '@web/features/templates/api/templates';
import { AiPreview } from '@web/features/templates/components/ai-preview';
import { MentionWarning, useMentionWarning } from '@web/features/templates/components/mention-warning';
import { VariationsNote } from '@web/components/variations-note';

type Props = {
  open: boolean;
  /** The template being edited; null creates a new one. */
  template: Template | null;
  aiOffline: boolean;
  onOpenChange: (open: boolean) => void;
  /** `mentionsRemoved`: the server or this dialog stripped @mentions on the way (show the warning). */
  onSaved: (saved: SavedTemplate, mentionsRemoved: boolean) => void;
};

const initialFields = (t: Template | null, defaultStyle: ClassicStyle): TemplateFields =>
  t
    ? { name: t.name, content: t.content, isActive: t.isActive, useAI: t.useAI, viralStyle: t.viralStyle, aiMaxLength: t.aiMaxLength }
    : {
        name: TEMPLATE_FORM_DEFAULTS.name,
        content: TEMPLATE_FORM_DEFAULTS.content,
        isActive: TEMPLATE_FORM_DEFAULTS.isActive,
        useAI: TEMPLATE_FORM_DEFAULTS.useAI,
        viralStyle: defaultStyle,
        aiMaxLength: TEMPLATE_FORM_DEFAULTS.aiMaxLength,
      };

/**
 * Editing starts from the template read by itself (its revision goes out with the save, so a change
 * made elsewhere meanwhile is not overwritten unasked); Reload after a conflict starts the form again
 * from the template as it now is.
 */
export function TemplateFormDialog(props: Props) {
  const { template, onOpenChange } = props;
  return (
    <WithEditBase<Template> url={template === null ? null : templateUrl(template.id)} title="Edit Template" onOpenChange={onOpenChange}>
      {(base, reload) => <TemplateForm {...props} template={base} onReload={reload} />}
    </WithEditBase>
  );
}

function TemplateForm({ open, template, aiOffline, onOpenChange, onSaved, onReload }: Props & { onReload: (current: Template) => void }) {
  // Mounted per template (and again on Reload), so state starts from the right values.
  const conflict = useChangedElsewhere();
  const defaultStyle = useDefaultStyle();
  const [fields, setFields] = useState<TemplateFields>(() => initialFields(template, defaultStyle));
  const [maxLengthText, setMaxLengthText] = useState(String(fields.aiMaxLength));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const warning = useMentionWarning();
  const strippedHere = useRef(false);
  const editing = template !== null;
  const set = <K extends keyof TemplateFields>(key: K, value: TemplateFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    // A message about a value the user has since changed would only mislead.
    setErrors((e) => (e[key] === undefined ? e : { ...e, [key]: undefined }));
  };
  const length = countCharacters(fields.content);

  const stripContent = () => {
    const { text, removed } = stripMentions(fields.content);
    if (removed.length === 0) return fields.content;
    set('content', text);
    strippedHere.current = true;
    warning.show();
    return text;
  };

  const commitMaxLength = (): number => {
    const n = Number(maxLengthText);
    const value = Number.isFinite(n) && maxLengthText.trim() !== '' ? clampAiMaxLength(n) : fields.aiMaxLength;
    setMaxLengthText(String(value));
    set('aiMaxLength', value);
    return value;
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // Sent as typed: the server strips mentions too, and says which (the one rule, core/text).
    const candidate = { ...fields, aiMaxLength: commitMaxLength() };
    const parsed = validate(templateInputSchema, candidate);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setSaving(true);
    const done = (saved: SavedTemplate) => onSaved(saved, saved.mentionsRemoved.length > 0 || strippedHere.current);
    try {
      if (editing) await conflict.save(template, (basedOn) => updateTemplate(template.id, candidate, basedOn), { saved: done, reload: onReload });
      else done(await createTemplate(candidate));
      setSaving(false);
    } catch (err) {
      setSaving(false);
      // The toast told the user; a field the server blamed is marked too.
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl" data-testid="template-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Template' : 'Create New Template'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Make changes to your reply template here.' : 'Create a new reply template for your automated responses.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-5" noValidate aria-label={editing ? 'Edit Template' : 'Create New Template'}>
          <div className="grid gap-2">
            <Label htmlFor="template-name">Template Name</Label>
            <Input
              id="template-name"
              value={fields.name}
              maxLength={TEMPLATE_LIMITS.nameMax + 20}
              placeholder="e.g. Friendly opener"
              onChange={(e) => set('name', e.target.value)}
              disabled={saving}
              {...invalidProps('template-name', errors.name)}
            />
            <FieldError id="template-name" error={errors.name} />
          </div>

          <div className="grid gap-2">
            <Label htmlFor="template-content">Content</Label>
            <Textarea
              id="template-content"
              value={fields.content}
              rows={6}
              placeholder="Write your reply. @mentions are removed automatically."
              onChange={(e) => set('content', e.target.value)}
              onBlur={stripContent}
              disabled={saving}
              className="max-h-72"
              {...invalidProps('template-content', errors.content)}
            />
            <div className="flex items-start justify-between gap-3">
              <FieldError id="template-content" error={errors.content} />
              <p
                className={cn('ml-auto shrink-0 text-xs tabular-nums text-muted-foreground', length > TEMPLATE_LIMITS.contentMax && 'font-medium text-destructive')}
                data-testid="content-counter"
              >
                {length}/{TEMPLATE_LIMITS.contentMax} characters
              </p>
            </div>
            <MentionWarning shownAt={warning.shownAt} />
            <VariationsNote text={fields.content} useAI={fields.useAI} preview />
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <label className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5" htmlFor="template-active">
              <span className="grid">
                <span className="text-sm font-medium">Active</span>
                <span className="text-xs text-muted-foreground">Inactive templates are never sent</span>
              </span>
              <Switch id="template-active" checked={fields.isActive} onCheckedChange={(v) => set('isActive', v)} disabled={saving} />
            </label>
            <label className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5" htmlFor="template-ai">
              <span className="grid">
                <span className="text-sm font-medium">AI-Powered</span>
                <span className="text-xs text-muted-foreground">Rewrite into a unique variation each time</span>
              </span>
              <Switch id="template-ai" checked={fields.useAI} onCheckedChange={(v) => set('useAI', v)} disabled={saving} />
            </label>
          </div>

          <fieldset
            disabled={!fields.useAI || saving}
            aria-disabled={!fields.useAI}
            data-testid="ai-options"
            className={cn('grid gap-4 rounded-lg border border-dashed p-4 transition-opacity', !fields.useAI && 'pointer-events-none opacity-50')}
          >
            <legend className="flex items-center gap-2 px-1 text-sm font-medium">
              AI options
              {aiOffline && (
                <Badge variant="info" data-testid="offline-writer">
                  Offline writer
                </Badge>
              )}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="template-style">Viral style</Label>
                <StyleSelect id="template-style" styles={CLASSIC_STYLES} value={fields.viralStyle} onChange={(v) => set('viralStyle', v)} disabled={!fields.useAI || saving} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="template-max-length">AI max length</Label>
                <Input
                  id="template-max-length"
                  type="number"
                  inputMode="numeric"
                  min={TEMPLATE_LIMITS.aiMaxLengthMin}
                  max={TEMPLATE_LIMITS.aiMaxLengthMax}
                  value={maxLengthText}
                  onChange={(e) => setMaxLengthText(e.target.value)}
                  onBlur={commitMaxLength}
                  {...invalidProps('template-max-length', errors.aiMaxLength)}
                />
                <p className="text-xs text-muted-foreground">{TEMPLATE_MESSAGES.aiMaxLengthHelp}</p>
                <FieldError id="template-max-length" error={errors.aiMaxLength} />
              </div>
            </div>
            <AiPreview content={fields.content} viralStyle={fields.viralStyle} aiMaxLength={fields.aiMaxLength} disabled={!fields.useAI || saving} />
            {aiOffline && (
              <p className="text-xs text-muted-foreground">
                No AI service is configured: variations come from Riposte’s built-in offline writer.
              </p>
            )}
          </fieldset>

          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {saving ? 'Saving...' : editing ? 'Save Changes' : 'Create Template'}
            </Button>
          </DialogFooter>
        </form>
        {conflict.dialog}
      </DialogContent>
    </Dialog>
  );
}
