// Docs: docs/operations.md#backups — `npm run db:restore -- [--replace] FILE`: restore a backup made
// by db:backup into the configured database and exit.
import { BackupError, fileArgument, restoreCommand } from './backup';
import { runAsProcess } from './commands';

runAsProcess('db:restore', (config, log) => {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--replace');
  if (unknown.length > 0) throw new BackupError(`unknown option ${unknown.join(', ')}`);
  return restoreCommand(config, log, fileArgument(args, 'db:restore'), args.includes('--replace'));
});
