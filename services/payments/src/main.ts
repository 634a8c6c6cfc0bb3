import { runService } from '@garage/service-kit';
import { paymentsService } from './index.js';

await runService(paymentsService);
