// Docs: docs/operations.md#backups — `npm run db:backup -- FILE`: write a backup of the configured
// database (pg_dump's custom format, or the embedded database's folder) to FILE and exit.
import { backupCommand, fileArgument } from './backup';
import { runAsProcess } from './commands';

runAsProcess('db:backup', (config, log) =>
  backupCommand(config, log, fileArgument(process.argv.slice(2), 'db:backup')),
);
