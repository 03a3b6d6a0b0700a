import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { unplannedText } from '@/lib/db/sql';

/**
 * Trajectory."failedCheckpoints": each failed checkpoint in checkpoint order,
 * with the authors of its submitted diagnoses (in id order). Written only by
 * the summary recount that runs in the writing transaction of every
 * CheckpointResult and Diagnosis statement (prisma/sql/trajectory-summary.sql),
 * so it is exact at every commit, and within the writing
 * transaction after each statement.
 */
export const failedCheckpointsSchema = z.array(
  z.object({ key: z.string(), name: z.string(), submitters: z.array(z.string()) }),
);

/**
 * The failed checkpoints still waiting for user $u: fewer than $k submitters
 * (the overlap k), $u not one of them. The one definition of "open to this
 * user", read from the row alone: the queue's filter, its rows' checkpoint
 * lists and the workspace's "anything left for me here" all use it. (Looked up
 * in the diagnoses instead, every row the user had diagnosed cost two probes
 * per failed checkpoint: an annotator with 10,000 submitted diagnoses paid
 * them on a fifth of every queue page.) A constant, so it is parsed once when
 * the statement is planned.
 */
const OPEN_TO_USER = Prisma.raw(`'$[*] ? (@.submitters.size() < $k && !(@.submitters[*] == $u))'::jsonpath`);

function openToUserArgs(userId: string, k: Prisma.Sql, row: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${row}."failedCheckpoints", ${OPEN_TO_USER}, jsonb_build_object('k', ${k}, 'u', ${unplannedText(userId)})`;
}

/** The failed checkpoints with fewer than $k submitters: still pending for the queue, whoever asks. */
const PENDING = Prisma.raw(`'$[*] ? (@.submitters.size() < $k)'::jsonpath`);

/**
 * `pendingCount` of the trajectory aliased `row` under overlap `k`, from its
 * checkpoint list alone. (Counted from the diagnoses instead, setting k on a
 * benchmark of tens of thousands of failed trajectories would probe every
 * checkpoint's diagnoses, and right after an import outlive the
 * transaction's timeout.)
 */
export function pendingCountSql(k: Prisma.Sql, row: Prisma.Sql = Prisma.sql`t`): Prisma.Sql {
  return Prisma.sql`jsonb_array_length(jsonb_path_query_array(${row}."failedCheckpoints", ${PENDING}, jsonb_build_object('k', ${k})))`;
}

const PENDING_WITH_KEY = Prisma.raw(`'$[*] ? (@.key == $key && @.submitters.size() < $k)'::jsonpath`);
const WITH_KEY = Prisma.raw(`'$[*] ? (@.key == $key)'::jsonpath`);

/**
 * Condition: the failed checkpoint `key` of the trajectory `t` is still
 * pending under overlap `k`. First, whether the row's list has the key:
 * - Over the whole queue (`narrowed` false: a key most tasks have), a
 *   containment test of a value built once per statement: it passes over
 *   rows without the key for less than the jsonpath costs.
 * - Over the few tasks that have the key (`narrowed`: the rows were already
 *   read by task), the jsonpath. Both cost the same on a few dozen rows, but
 *   PostgreSQL guesses 1% of rows pass a containment test: planning the page
 *   for one row, it joins the claims and computes each row's k without
 *   caching, slower than the same page filtered by task.
 * While no checkpoint of the row has a submission ("diagnosedCount" = 0, as
 * in overlap.ts's notDoneByUser) a failed checkpoint is pending under any k:
 * the row's k (two look-ups) and the second jsonpath run only on rows someone
 * has diagnosed.
 */
export function pendingCheckpointKeySql(key: string, k: Prisma.Sql, narrowed: boolean): Prisma.Sql {
  const hasKey = narrowed
    ? Prisma.sql`jsonb_path_exists(t."failedCheckpoints", ${WITH_KEY}, jsonb_build_object('key', ${key}::text))`
    : Prisma.sql`t."failedCheckpoints" @> (SELECT jsonb_build_array(jsonb_build_object('key', ${key}::text)))`;
  return Prisma.sql`(${hasKey}
    AND (t."diagnosedCount" = 0 OR jsonb_path_exists(t."failedCheckpoints", ${PENDING_WITH_KEY}, jsonb_build_object('key', ${key}::text, 'k', ${k}))))`;
}

const WITHOUT_SUBMITTERS = Prisma.raw(`'$[*] ? (@.submitters.size() == 0)'::jsonpath`);
const WITHOUT_SUBMITTERS_WITH_KEY = Prisma.raw(`'$[*] ? (@.submitters.size() == 0 && @.key == $key)'::jsonpath`);

/**
 * Condition: the trajectory aliased `row` has a failed checkpoint (`key`, if
 * given) with no submitted diagnosis. Drafts are not on the list: "nobody has
 * touched it" needs this and no draft on the checkpoint.
 */
export function unsubmittedCheckpointSql(key: string | undefined, row: Prisma.Sql = Prisma.sql`t`): Prisma.Sql {
  return key
    ? Prisma.sql`jsonb_path_exists(${row}."failedCheckpoints", ${WITHOUT_SUBMITTERS_WITH_KEY}, jsonb_build_object('key', ${key}::text))`
    : Prisma.sql`jsonb_path_exists(${row}."failedCheckpoints", ${WITHOUT_SUBMITTERS})`;
}

/** Condition: the trajectory aliased `row` has a failed checkpoint still open to this user under overlap `k`. */
export function hasOpenCheckpointSql(userId: string, k: Prisma.Sql, row: Prisma.Sql = Prisma.sql`t`): Prisma.Sql {
  return Prisma.sql`jsonb_path_exists(${openToUserArgs(userId, k, row)})`;
}

/** Those checkpoints, as a JSON array of `failedCheckpointsSchema` items. */
export function openCheckpointsSql(userId: string, k: Prisma.Sql, row: Prisma.Sql = Prisma.sql`t`): Prisma.Sql {
  return Prisma.sql`jsonb_path_query_array(${openToUserArgs(userId, k, row)})`;
}

/**
 * Condition: the user is among the submitters of some failed checkpoint of
 * the trajectory aliased `row`. A containment test (`@>`) of a value built
 * once per statement: cheaper than the jsonpath and the row's k, which only
 * a row the user has diagnosed then needs.
 */
export function userSubmittedOnRowSql(userId: string, row: Prisma.Sql = Prisma.sql`t`): Prisma.Sql {
  return Prisma.sql`${row}."failedCheckpoints" @> (SELECT jsonb_build_array(jsonb_build_object('submitters', jsonb_build_array(${unplannedText(userId)}))))`;
}
