// The templates feature's public surface: what a schedule form needs to pick a template or a group.
export { useTemplateGroups, useTemplates, type Template, type TemplateGroup } from './api/templates';
