import { AppError } from '../../lib/errors';

export class ChatConversationClosedError extends AppError {
  constructor() {
    super('chat_conversation_closed', 'This conversation is closed.', 409);
  }
}
