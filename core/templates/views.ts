// What the API answers for templates and groups (spec part 2 §3): one shape for the server's read
// queries and the web app's hooks.
import { z } from 'zod';
import { describes } from '@core/shared/response-schema';
import { CLASSIC_STYLES, type ClassicStyle } from '@core/styles';

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

/** What GET /api/templates, GET /api/templates/:id and the writes answer (openapi: responds). */
export const templateViewSchema = describes<TemplateView>()(
  z.object({
    id: z.string(),
    name: z.string(),
    content: z.string(),
    imageUrl: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    userId: z.string(),
    useAI: z.boolean(),
    aiTone: z.string().nullable(),
    aiMaxLength: z.number().int(),
    viralStyle: z.enum(CLASSIC_STYLES),
  }),
);

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

export const templateGroupViewSchema = describes<TemplateGroupView>()(
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    userId: z.string(),
    lastTemplateIndex: z.number().int(),
    templateIds: z.array(z.string()),
    templates: z.array(z.object({ id: z.string(), name: z.string(), isActive: z.boolean(), sortOrder: z.number().int() })),
  }),
);
