import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AdminSeats, CommandHandler, userIdOfEmail, userRoles } from '@fitness/command-service';
import type { UserDocument } from '@fitness/contracts';
import { readConfig } from '@fitness/platform/config.ts';
import { openStores } from '@fitness/stores';

const USAGE = `User administration (reads DATA_DIR, EVENT_STORE like the server; safe while it runs).

  npm run users -- promote <email>    make the user an admin
  npm run users -- demote <email>     make the admin a regular user`;

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [command, email] = positionals;
  if ((command !== 'promote' && command !== 'demote') || !email) {
    console.log(USAGE);
    process.exit(command ? 1 : 0);
  }
  const config = readConfig();
  const { eventStore, readStore } = await openStores(config);
  try {
    const handler = new CommandHandler(eventStore);
    // The admins' claim is started, if nothing has started it yet, from the users read model as it is.
    const adminSeats = new AdminSeats(handler, async () =>
      (await readStore.find<UserDocument>('users', { where: { role: 'admin' } })).map((user) => user.id),
    );
    const userId = await userIdOfEmail(handler, email);
    if (!userId) {
      console.error(`No user with the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    const role = command === 'promote' ? 'admin' : 'user';
    const context = { actorId: null, commandId: randomUUID(), correlationId: randomUUID(), now: new Date() };
    const position = await userRoles({ handler, adminSeats }).changeRole(userId, role, context);
    console.log(`${email} is now ${role === 'admin' ? 'an admin' : 'a regular user'} (event position ${position}).`);
  } finally {
    await eventStore.close();
    await readStore.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
