/**
 * A text message as every adapter takes it. `to` is an international number (E.164, `+358401234567`); `from` is
 * the sender the phone shows, the utility's short name: GSM allows at most 11 letters and digits there.
 */
export type SmsMessage = { to: string; from: string; text: string };

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}
