/**
 * What a device is told, and when: a reply that waits for the user's tap (assisted delivery, status
 * ready) and a reply that ended without going out (a failure status). The notification carries
 * what the user needs to act without opening Riposte first: the text, the target, and the link
 * that opens X's composer pre-filled (ready) or the reply history (failed).
 */
import { isFailureStatus } from '@core/replies/model';
import { statusReason } from '@core/replies/views';

export type PushKind = 'ready' | 'failed';

export interface NotifiableReply {
  id: string;
  userId: string;
  status: string;
  statusMessage: string | null;
  content: string;
  targetUsername: string | null;
  intentUrl: string | null;
}

export interface PushMessage {
  kind: PushKind;
  replyId: string;
  title: string;
  body: string;
  /** Where a tap on the notification leads. */
  url: string;
  /** One notification per reply on a device: a later one replaces the earlier. */
  tag: string;
}

/** Which notification a reply's status calls for, if any. */
export const pushKindOf = (reply: Pick<NotifiableReply, 'status' | 'intentUrl'>): PushKind | null => {
  if (reply.status === 'ready' && reply.intentUrl !== null) return 'ready';
  if (isFailureStatus(reply.status)) return 'failed';
  return null;
};

/** Notification bodies stay short: phones show two or three lines. */
export const BODY_MAX = 180;

const excerpt = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= BODY_MAX) return flat;
  const cut = flat.slice(0, BODY_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > BODY_MAX / 2 ? cut.slice(0, space) : cut}…`;
};

/** The once-only key of a notification: a reply is announced once per kind, whoever sends it. */
export const pushKey = (replyId: string, kind: PushKind): string => `${kind}:${replyId}`;

export const pushMessageFor = (reply: NotifiableReply, appUrl: string): PushMessage | null => {
  const kind = pushKindOf(reply);
  if (kind === null) return null;
  const target = reply.targetUsername === null ? 'a post' : `@${reply.targetUsername}`;
  const tag = `reply-${reply.id}`;
  if (kind === 'ready')
    return { kind, replyId: reply.id, title: `Ready to post: your reply to ${target}`, body: excerpt(reply.content), url: reply.intentUrl as string, tag };
  return {
    kind,
    replyId: reply.id,
    title: `Your reply to ${target} did not go out`,
    body: excerpt(statusReason(reply.status, reply.statusMessage)),
    url: `${appUrl.replace(/\/+$/, '')}/reply-history`,
    tag,
  };
};
