import { runService } from '@garage/service-kit';
import { shopperService } from './index.js';

await runService(shopperService);
