import { errorClass } from '../../lib/errors';

export class ChatConversationClosedError extends errorClass(
  'chat_conversation_closed',
  'This conversation is closed.',
  409,
) {}
