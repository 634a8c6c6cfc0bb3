import { runService } from '@garage/service-kit';
import { salesService } from './index.js';

await runService(salesService);
