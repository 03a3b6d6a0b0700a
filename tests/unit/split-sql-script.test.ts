import { describe, expect, it } from 'vitest';
import { splitSqlScript } from '@/lib/db/split-sql-script';

describe('migration scripts split at the semicolons that end statements', () => {
  it('keeps a dollar-quoted function body whole', () => {
    const script = `CREATE TABLE t (id int);
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE t SET id = id + 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER g AFTER INSERT ON t FOR EACH STATEMENT EXECUTE FUNCTION f();`;
    const parts = splitSqlScript(script);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toContain('RETURN NULL;\nEND;\n$$');
  });

  it('keeps tagged dollar quotes, string literals, quoted identifiers and E-strings whole', () => {
    const script = `SELECT $body$ a; $$ b; $body$;
SELECT 'it''s; here';
SELECT 1 AS "odd;name";
SELECT E'back\\'slash; still';
SELECT $1::int;`;
    expect(splitSqlScript(script)).toEqual([
      'SELECT $body$ a; $$ b; $body$',
      "SELECT 'it''s; here'",
      'SELECT 1 AS "odd;name"',
      "SELECT E'back\\'slash; still'",
      'SELECT $1::int',
    ]);
  });

  it('ignores semicolons in line and nested block comments, and drops comment-only fragments', () => {
    const script = `-- a comment; with a semicolon
SELECT 1; /* outer /* inner; */ still; */ SELECT 2;
-- trailing comment;`;
    expect(splitSqlScript(script)).toEqual([
      '-- a comment; with a semicolon\nSELECT 1',
      '/* outer /* inner; */ still; */ SELECT 2',
    ]);
  });

  it('splits the old escaped bodies exactly as before', () => {
    const script = `CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS E'BEGIN PERFORM 1\\073 END\\073';
SELECT 2;`;
    expect(splitSqlScript(script)).toHaveLength(2);
  });
});
