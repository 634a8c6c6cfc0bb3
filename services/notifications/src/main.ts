import { runService } from '@garage/service-kit';
import { notificationsService } from './index.js';

await runService(notificationsService);
