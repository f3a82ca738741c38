// The approve action through HTTP (POST /webapi/workflow/tasks/:sid/approve), each task by its assignee
// signed in through the API like the web client (one keep-alive connection per signed-in approver). The
// route is probed first: while the server has no such route the run is reported as pending.
import { ApiClient } from '../search/api.js';
import { inParallel } from './setup.js';
import type { RunResult, Target } from './measure.js';
import os from 'node:os';

export const APPROVE_PATH = (taskSid: string) => `/webapi/workflow/tasks/${encodeURIComponent(taskSid)}/approve`;
const ROUTE_NOT_FOUND = 404001;

/** The error code in an ApiClient failure ("… answered 404: {"code":404001,…}"), if any. */
const codeOf = (error: unknown) => Number(/"code":(\d+)/.exec(error instanceof Error ? error.message : '')?.[1]);

/** Whether the server has the approve route: a made-up task is answered taskNotFound, not routeNotFound. */
export async function approveRouteExists(api: ApiClient): Promise<{ exists: boolean; answer: string }> {
  try {
    await api.call('POST', APPROVE_PATH('NO-SUCH-TASK'), { comment: 'probe' });
    return { exists: true, answer: 'answered 0 for a made-up task' };
  } catch (error) {
    const code = codeOf(error);
    return {
      exists: code !== ROUTE_NOT_FOUND,
      answer: error instanceof Error ? error.message.replace(/,"request_id".*$/, '}').slice(0, 200) : String(error),
    };
  }
}

/**
 * Approves each target through HTTP, `concurrency` workers each with its own share of the targets and its
 * own signed-in client per approver (signed in before the clock starts).
 */
export async function httpApproveRun(
  baseUrl: string,
  accountOf: Map<string, string>,
  password: string,
  name: string,
  targets: readonly Target[],
  concurrency: number,
): Promise<RunResult & { signIns: number; signInSeconds: number }> {
  const shares = Array.from({ length: concurrency }, (_, w) => targets.filter((_, i) => i % concurrency === w));
  const clients = shares.map(() => new Map<string, ApiClient>());
  const signInStarted = performance.now();
  let signIns = 0;
  await inParallel(
    shares.flatMap((share, w) => [...new Set(share.map((t) => t.assigneeSid))].map((user) => ({ w, user }))),
    4,
    async ({ w, user }) => {
      const account = accountOf.get(user);
      if (!account) throw new Error(`No account for user ${user}`);
      const client = new ApiClient(baseUrl, account, password);
      await client.signIn();
      clients[w]!.set(user, client);
      signIns += 1;
    },
  );
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  const latencies: number[] = [];
  const byNode = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const started = performance.now();
  try {
    await Promise.all(
      shares.map(async (share, w) => {
        for (const t of share) {
          const began = performance.now();
          try {
            await clients[w]!.get(t.assigneeSid)!.call('POST', APPROVE_PATH(t.taskSid), { comment: '同意' });
            const ms = performance.now() - began;
            latencies.push(ms);
            const node = t.nodeId === 'leaders' ? `leaders, level ${t.level}` : t.nodeId;
            const list = byNode.get(node) ?? [];
            list.push(ms);
            byNode.set(node, list);
          } catch (error) {
            // One entry per kind of answer: the task's sid and the request id are left out.
            const message = (error instanceof Error ? error.message : String(error))
              .replace(/tasks\/[^/]+\//, 'tasks/:sid/')
              .replace(/,"request_id".*$/, '}')
              .slice(0, 160);
            errors.set(message, (errors.get(message) ?? 0) + 1);
          }
        }
      }),
    );
  } finally {
    for (const map of clients) for (const client of map.values()) client.close();
  }
  return {
    name,
    concurrency,
    latencies: latencies.sort((a, b) => a - b),
    byNode,
    wallMs: performance.now() - started,
    errors,
    load: os.loadavg()[0] ?? Number.NaN,
    signIns,
    signInSeconds,
  };
}
