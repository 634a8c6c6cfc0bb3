import { runService } from '@garage/service-kit';
import { messagesService } from './index.js';

await runService(messagesService);
