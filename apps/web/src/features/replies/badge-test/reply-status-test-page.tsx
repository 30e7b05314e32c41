// Admin: Reply Status Badge Test (/admin/reply-status-test; spec part 2 §2): every status badge by
// category in three sizes, with the reason each shows, built from the same core rules the lists use.
import { AdminOnly } from '@web/components/admin-only';
import { PageHeader } from '@web/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ReplyStatusBadge } from '@web/features/replies/components/reply-status-badge';
import { badgeCategories } from './badge-groups';

const SIZES = ['sm', 'md', 'lg'] as const;

function BadgeTest() {
  const categories = badgeCategories();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Reply Status Badge Test" description="Every reply status badge by category, in small, medium and large." />
      {categories.map((c) => (
        <Card key={c.title} data-testid="badge-category">
          <CardHeader>
            <CardTitle>{c.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid divide-y">
              {c.samples.map((s) => (
                <li key={s.key} className="grid gap-2 py-3 sm:grid-cols-[12rem_1fr_minmax(0,1fr)] sm:items-center" data-testid="badge-sample" data-status={s.key}>
                  <code className="text-xs text-muted-foreground">{s.key}</code>
                  <div className="flex flex-wrap items-center gap-2">
                    {SIZES.map((size) => (
                      <ReplyStatusBadge key={size} badge={s.badge} size={size} />
                    ))}
                  </div>
                  <p className="text-xs break-words text-muted-foreground">{s.reason}</p>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export default function ReplyStatusTestPage() {
  return (
    <AdminOnly page="Reply Status Badge Test">
      <BadgeTest />
    </AdminOnly>
  );
}
