// Templates and template groups (spec part 2 §7): the list queries and the actions that change
// them. Actions raise the toasts of spec §8 and refresh the lists; they throw the ApiError on
// failure so a form can show the field the server blamed.
import useSWR, { mutate } from 'swr';
import type { ClassicStyle } from '@core/styles';
import type { TemplateGroupView, TemplateView } from '@core/templates/views';
import { toast } from '@web/components/ui/use-toast';
import { apiCreate, apiRequest, errorMessage, StaleRevisionError } from '@web/lib/api';

export const TEMPLATES_KEY = '/api/templates';
export const TEMPLATE_GROUPS_KEY = '/api/template-groups';

export type Template = TemplateView;

/** What a save answers: the template, and the @mentions the server stripped from it. */
export type SavedTemplate = Template & { mentionsRemoved: string[] };

export type TemplateFields = {
  name: string;
  content: string;
  isActive: boolean;
  useAI: boolean;
  viralStyle: ClassicStyle;
  aiMaxLength: number;
};

export type TemplateGroup = TemplateGroupView;

export type GroupFields = { name: string; description: string | null; isActive: boolean };

export const useTemplates = () => useSWR<Template[], Error>(TEMPLATES_KEY);
export const useTemplateGroups = () => useSWR<TemplateGroup[], Error>(TEMPLATE_GROUPS_KEY);

const failed = (err: unknown, fallback: string): never => {
  // A stale save is the form's to settle (components/changed-elsewhere.tsx), not an error.
  if (!(err instanceof StaleRevisionError)) toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });
  throw err;
};

// Groups list their templates' names, so a template change refreshes both lists.
const refreshAll = () => Promise.all([mutate(TEMPLATES_KEY), mutate(TEMPLATE_GROUPS_KEY)]);

export async function createTemplate(fields: TemplateFields): Promise<SavedTemplate> {
  try {
    const saved = await apiCreate<SavedTemplate>(TEMPLATES_KEY, fields);
    toast({ title: 'Template created', description: 'Your template has been created successfully' });
    await refreshAll();
    return saved;
  } catch (err) {
    return failed(err, 'Failed to create template');
  }
}

export const templateUrl = (id: string) => `${TEMPLATES_KEY}/${encodeURIComponent(id)}`;

/** `basedOn`: the template as the form read it (its revision goes out as If-Match). */
export async function updateTemplate(id: string, fields: Partial<TemplateFields>, basedOn?: Template): Promise<SavedTemplate> {
  try {
    const saved = await apiRequest<SavedTemplate>('PUT', templateUrl(id), fields, { basedOn });
    toast({ title: 'Template updated', description: 'Your template has been updated successfully' });
    await refreshAll();
    return saved;
  } catch (err) {
    return failed(err, 'Failed to update template');
  }
}

export async function deleteTemplate(id: string): Promise<void> {
  try {
    await apiRequest('DELETE', templateUrl(id));
    toast({ title: 'Template deleted', description: 'The template has been deleted' });
    await refreshAll();
  } catch (err) {
    failed(err, 'Failed to delete template');
  }
}

export const groupUrl = (id: string) => `${TEMPLATE_GROUPS_KEY}/${encodeURIComponent(id)}`;

/** Puts a group's fresh answer into the cached list without another request. */
const storeGroup = (group: TemplateGroup) =>
  mutate<TemplateGroup[]>(TEMPLATE_GROUPS_KEY, (list) => list?.map((g) => (g.id === group.id ? group : g)), { revalidate: false });

export async function createGroup(fields: GroupFields): Promise<TemplateGroup> {
  try {
    const group = await apiCreate<TemplateGroup>(TEMPLATE_GROUPS_KEY, fields);
    toast({ title: 'Template group created', description: `“${group.name}” is ready for templates` });
    await mutate(TEMPLATE_GROUPS_KEY);
    return group;
  } catch (err) {
    return failed(err, 'Failed to create template group');
  }
}

/** `basedOn`: the group as the form read it (its revision goes out as If-Match). */
export async function updateGroup(id: string, fields: Partial<GroupFields>, basedOn?: TemplateGroup): Promise<TemplateGroup> {
  try {
    const group = await apiRequest<TemplateGroup>('PUT', groupUrl(id), fields, { basedOn });
    toast({ title: 'Template group updated', description: 'Your changes have been saved' });
    await storeGroup(group);
    return group;
  } catch (err) {
    return failed(err, 'Failed to update template group');
  }
}

export async function deleteGroup(id: string): Promise<void> {
  try {
    await apiRequest('DELETE', groupUrl(id));
    toast({ title: 'Template group deleted', description: 'The template group has been deleted' });
    await mutate(TEMPLATE_GROUPS_KEY);
  } catch (err) {
    failed(err, 'Failed to delete template group');
  }
}

/**
 * Sets which templates a group hands out, in order (add, remove and reorder are all this call).
 * Quiet on success: the list on screen is the confirmation.
 */
export async function setGroupTemplates(id: string, templateIds: string[]): Promise<TemplateGroup> {
  try {
    const group = await apiRequest<TemplateGroup>('PUT', `${groupUrl(id)}/templates`, { templateIds });
    await storeGroup(group);
    return group;
  } catch (err) {
    await mutate(TEMPLATE_GROUPS_KEY);
    return failed(err, 'Failed to update the group’s templates');
  }
}

export type Variation = { content: string; offline: boolean; model: string };

/** One AI variation of a template's content in its style (a new seed each time, so each differs). */
export function previewVariation(input: { content: string; viralStyle: ClassicStyle; aiMaxLength: number }): Promise<Variation> {
  const seed = Math.floor(Math.random() * 2 ** 31);
  return apiRequest<Variation>('POST', '/api/templates/preview', { ...input, seed });
}
