import { sql, type Db } from '@filaha/db';
import { ALGIERS_TIME_ZONE } from '../../core/time.ts';

export type MonthlyIndexCount = {
  /** `YYYY-MM`, Algiers time. */
  month: string;
  code: string;
  name: string;
  count: number;
};

export function createStatsRepository(db: Db) {
  return {
    /** Charged image requests (`index_results` rows) per month and index, from the month `firstMonth` on. */
    async requestCountsSince(firstMonth: string): Promise<MonthlyIndexCount[]> {
      const result = await db.execute<MonthlyIndexCount>(sql`
        SELECT to_char(r.created_at AT TIME ZONE ${ALGIERS_TIME_ZONE}, 'YYYY-MM') AS month, i.code, i.name, count(*)::int AS count
        FROM index_results r JOIN indices i ON i.id = r.index_id
        WHERE to_char(r.created_at AT TIME ZONE ${ALGIERS_TIME_ZONE}, 'YYYY-MM') >= ${firstMonth}
        GROUP BY 1, 2, 3`);
      return result.rows;
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
