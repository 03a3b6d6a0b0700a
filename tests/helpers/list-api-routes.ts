import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const EXPORT = /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g;

/**
 * Every route handler under app/api, read from the file system (so routes
 * added later are picked up without editing a list): its file, URL pattern
 * ("/api/admin/users/[id]") and the HTTP methods it exports.
 */
export function listApiRoutes(root = path.resolve('app/api')): { file: string; urlPattern: string; methods: string[] }[] {
  const out: { file: string; urlPattern: string; methods: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^route\.(ts|tsx|js)$/.test(entry.name)) {
        const source = readFileSync(full, 'utf8');
        const methods = [...new Set([...source.matchAll(EXPORT)].map((m) => m[1]))].filter((m) => HTTP_METHODS.includes(m)).sort();
        const rel = path.relative(root, path.dirname(full)).split(path.sep).filter(Boolean);
        // Route groups "(name)" do not appear in URLs.
        const urlPattern = `/api${rel.filter((s) => !/^\(.*\)$/.test(s)).map((s) => `/${s}`).join('')}`;
        out.push({ file: path.relative(process.cwd(), full), urlPattern, methods });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => a.urlPattern.localeCompare(b.urlPattern));
}
