/**
 * `npm run owner:add -- EMAIL`: creates an owner of the back office (/admin/), or sets a new
 * password for the owner with that e-mail (which ends their sessions), in the configured database
 * (DATABASE_URL, else DB_PATH or DATA_DIR/shop.sqlite). The password is typed at a prompt that
 * shows nothing, twice, or taken from OWNER_PASSWORD (for scripts); it is stored as an scrypt
 * hash (server/owner/passwords.ts). Recorded in the audit log. Exit status 2 for bad input.
 */
import { join, resolve } from 'node:path';
import { openRepository } from '../server/db/openRepository';
import { recordAudit } from '../server/owner/audit';
import { OwnerStore } from '../server/owner/ownerStore';
import { hashPassword, passwordProblem } from '../server/owner/passwords';

class BadInput extends Error {}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) return Promise.reject(new BadInput('No terminal to type the password at: set OWNER_PASSWORD'));
  return new Promise((resolvePassword, reject) => {
    let text = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      if (error) reject(error);
      else resolvePassword(text);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new BadInput('Cancelled'));
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else text += char;
      }
    };
    process.stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function password(): Promise<string> {
  const given = process.env.OWNER_PASSWORD;
  if (given !== undefined && given !== '') return given;
  const first = await askHidden('Password (not shown): ');
  const problem = passwordProblem(first);
  if (problem) throw new BadInput(problem);
  const again = await askHidden('The same password again: ');
  if (again !== first) throw new BadInput('The two passwords differ');
  return first;
}

async function main(): Promise<void> {
  const email = (process.argv[2] ?? '').trim();
  if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(email) || email.length > 254) throw new BadInput('Usage: npm run owner:add -- EMAIL (an e-mail address)');
  const chosen = await password();
  const problem = passwordProblem(chosen);
  if (problem) throw new BadInput(problem);
  const hash = await hashPassword(chosen);
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  const opened = await openRepository({ databaseUrl: process.env.DATABASE_URL, sqlitePath: resolve(process.env.DB_PATH || join(dataDir, 'shop.sqlite')) });
  try {
    const store = new OwnerStore(opened.repository);
    const { id, created } = await store.saveOwner(email, hash, new Date());
    await recordAudit(store, { ownerId: null, action: created ? 'owner.added' : 'owner.password-set', subject: email.toLowerCase(), detail: 'npm run owner:add' });
    console.log(created ? `Owner ${email} added (id ${id}): sign in at /admin/` : `Owner ${email}: new password set; their sessions have ended`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = error instanceof BadInput ? 2 : 1;
});
