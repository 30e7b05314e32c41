// The replies feature's public surface: the waiting count (sidebar, dashboard), the status badge
// and links to X (a schedule's replies, the admin's scheduler test), the X-authentication warning,
// and the replies type. Other features import these from here only (eslint.config.js).
export { READY_PATH } from './paths';
export { isReplyItem, refreshReplies, useReplySummary, waitingCount, type ReplyAnswer, type ReplyItem, type ReplySummary } from './api/replies';
export { ReplyStatusBadge } from './components/reply-status-badge';
export { ReplyLinks, useXName } from './components/x-links';
export { ReadySummaryCard } from './components/ready-summary-card';
export { PostAge } from './components/post-age';
