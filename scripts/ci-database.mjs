// Creates or drops one PostgreSQL database for a CI run: `node scripts/ci-database.mjs create|drop <adminUrl> <name>`.
import pg from "pg";

const [action, adminUrl, name] = process.argv.slice(2);
if (!["create", "drop"].includes(action ?? "") || !adminUrl || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: node scripts/ci-database.mjs create|drop <adminUrl> <name>");
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  if (action === "create") await client.query(`create database ${name}`);
  else await client.query(`drop database if exists ${name} with (force)`);
  console.log(`${action}d database ${name}`);
} finally {
  await client.end();
}
