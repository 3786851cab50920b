/** `file` on the server: stored and checked as image fields are. */
import { uploadServer } from '../image/server.ts';

export const fileServer = uploadServer;
