/**
 * A fake KurrentDB gRPC endpoint for tests, built from the client's own generated service
 * definitions and served with the very grpc-js the client uses (loaded from the client's
 * location). It answers the v1 Streams service's Append (one call per append) as each test says
 * (success, an error status, silence, or dropping the call), records every call, and counts
 * BatchAppend calls (the shared stream this adapter must not use). Reads are not implemented:
 * they go through the client's native bridge, and fail here with UNIMPLEMENTED.
 */
import { createRequire } from 'node:module';
import type * as Grpc from '@grpc/grpc-js';
import { AppendResp } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import type { AppendReq } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import { StreamsService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb';

const fromClient = createRequire(createRequire(import.meta.url).resolve('@kurrent/kurrentdb-client'));
const grpc = fromClient('@grpc/grpc-js') as typeof Grpc;

export type AppendBehaviour =
  | { kind: 'success'; revision: bigint; commit: bigint }
  | { kind: 'error'; code: number; details: string }
  | { kind: 'silent' } // never answers: the client's deadline must end it
  | { kind: 'cancel' }; // the server goes away mid-call (a restart)

export interface AppendCall {
  stream: string;
  events: { id: string; type: string }[];
  authorization: string | null;
}

export interface FakeKurrent {
  url: string;
  /** The answer to the next appends (the last one set stays). */
  onAppend(behaviour: AppendBehaviour): void;
  appends: AppendCall[];
  batchAppends: () => number;
  close(): Promise<void>;
}

export const GRPC = grpc.status;

export const startFakeKurrent = async (): Promise<FakeKurrent> => {
  const server = new grpc.Server();
  let behaviour: AppendBehaviour = { kind: 'success', revision: 0n, commit: 1_000n };
  const appends: AppendCall[] = [];
  const pending = new Set<() => void>();
  let batch = 0;

  server.addService(StreamsService as unknown as Grpc.ServiceDefinition, {
    append: (call: Grpc.ServerReadableStream<AppendReq, AppendResp>, callback: Grpc.sendUnaryData<AppendResp>) => {
      const authorization = call.metadata.get('authorization')[0];
      const record: AppendCall = { stream: '', events: [], authorization: typeof authorization === 'string' ? authorization : null };
      call.on('data', (req: AppendReq) => {
        if (req.hasOptions()) record.stream = Buffer.from(req.getOptions()?.getStreamIdentifier()?.getStreamName_asU8() ?? []).toString('utf8');
        const message = req.getProposedMessage();
        if (message !== undefined) record.events.push({ id: message.getId()?.getString() ?? '', type: message.getMetadataMap().get('type') ?? '' });
      });
      call.on('end', () => {
        appends.push(record);
        const now = behaviour;
        if (now.kind === 'success') {
          const success = new AppendResp.Success();
          success.setCurrentRevision(now.revision.toString());
          const position = new AppendResp.Position();
          position.setCommitPosition(now.commit.toString());
          position.setPreparePosition(now.commit.toString());
          success.setPosition(position);
          callback(null, new AppendResp().setSuccess(success));
        } else if (now.kind === 'error') {
          callback({ code: now.code, details: now.details, metadata: new grpc.Metadata() } as Grpc.ServiceError);
        } else if (now.kind === 'cancel') {
          callback({ code: grpc.status.CANCELLED, details: 'Call cancelled: the server is shutting down', metadata: new grpc.Metadata() } as Grpc.ServiceError);
        } else {
          pending.add(() => callback({ code: grpc.status.UNAVAILABLE, details: 'fake server closed' } as Grpc.ServiceError));
        }
      });
    },
    batchAppend: (call: Grpc.ServerDuplexStream<unknown, unknown>) => {
      batch += 1;
      call.end();
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return {
    url: `kurrentdb://127.0.0.1:${port}?tls=false`,
    onAppend: (next) => (behaviour = next),
    appends,
    batchAppends: () => batch,
    close: async () => {
      for (const answer of pending) answer();
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      server.forceShutdown();
    },
  };
};
