// The history's pager: replies per page (10, 25, 50, 100) and previous/next with the page number.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { OptionSelect } from '@web/components/option-select';
import { Button } from '@web/components/ui/button';
import { PAGE_SIZES, isPageSize, pageCount, type PageSize } from './history-state';

type Props = { page: number; limit: PageSize; total: number; onPage: (page: number) => void; onLimit: (limit: PageSize) => void };

const SIZE_OPTIONS = PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }));

export function Pagination({ page, limit, total, onPage, onLimit }: Props) {
  const pages = pageCount(total, limit);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" data-testid="pagination">
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <span aria-hidden="true">Per page</span>
        <OptionSelect
          label="Replies per page"
          className="w-20"
          options={SIZE_OPTIONS}
          value={String(limit)}
          onChange={(v) => {
            const n = Number(v);
            if (isPageSize(n)) onLimit(n);
          }}
        />
      </div>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
          <ChevronLeft />
          <span className="max-sm:sr-only">Previous</span>
        </Button>
        <span className="text-sm tabular-nums" aria-live="polite" data-testid="page-number">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label="Next page">
          <span className="max-sm:sr-only">Next</span>
          <ChevronRight />
        </Button>
      </div>
    </div>
  );
}
