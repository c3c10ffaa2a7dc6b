// Docs: README.md#development — `npm run db:migrate`: apply the migrations and exit.
import { migrateCommand, runAsProcess } from './commands';

runAsProcess('db:migrate', migrateCommand);
