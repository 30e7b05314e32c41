// What the API answers for templates and groups (spec part 2 §3): one shape for the server's read
// queries and the web app's hooks.
import type { ClassicStyle } from '@core/styles';

export interface TemplateView {
  id: string;
  name: string;
  content: string;
  imageUrl: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  userId: string;
  useAI: boolean;
  aiTone: string | null;
  aiMaxLength: number;
  viralStyle: ClassicStyle;
}

/** A template group with its templates in order (spec §3: group and group mapping). */
export interface TemplateGroupView {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  userId: string;
  lastTemplateIndex: number;
  /** Member template ids in sort order; deleted templates are left out. */
  templateIds: string[];
  templates: { id: string; name: string; isActive: boolean; sortOrder: number }[];
}
