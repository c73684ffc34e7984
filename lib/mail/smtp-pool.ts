import "server-only";
import { SmtpConnection, type SmtpMessage, type SmtpSent } from "./smtp-connection";
import { SmtpError, type SmtpSettings } from "./smtp-types";

interface Queued extends SmtpMessage {
  resolve: (sent: SmtpSent) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  connection?: SmtpConnection;
  busy: boolean;
}

/**
 * Up to `size` kept-open SMTP sessions, each carrying one message at a time, opened when the
 * queue needs them. A session that fails is dropped with the message it carried (which fails
 * with that error) and the next message opens another; a refusal by the relay fails only its message.
 */
export class SmtpPool {
  private readonly queue: Queued[] = [];
  private readonly slots: Slot[];
  private closed = false;

  constructor(
    private readonly settings: SmtpSettings,
    size: number,
  ) {
    this.slots = Array.from({ length: size }, () => ({ busy: false }));
  }

  send(from: string, to: string[], data: Buffer): Promise<SmtpSent> {
    if (this.closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      this.queue.push({ from, to, data, resolve, reject });
      this.pump();
    });
  }

  /** Closes every session (QUIT when idle); queued messages fail. */
  close(): void {
    this.closed = true;
    for (const item of this.queue.splice(0)) item.reject(closedError());
    for (const slot of this.slots) {
      slot.connection?.close();
      slot.connection = undefined;
    }
  }

  /** Idle sessions first: a new one is opened only when every open one is busy. */
  private pump() {
    const idle = this.slots.filter((slot) => !slot.busy);
    idle.sort((a, b) => Number(Boolean(b.connection?.usable)) - Number(Boolean(a.connection?.usable)));
    for (const slot of idle) {
      if (this.queue.length === 0) return;
      void this.run(slot);
    }
  }

  private async run(slot: Slot) {
    slot.busy = true;
    try {
      for (let item = this.queue.shift(); item;) {
        // The queue's next message, when the session took it with this one's body (see send).
        let ahead: Queued | undefined;
        try {
          if (!slot.connection?.usable) {
            slot.connection?.destroy();
            slot.connection = undefined;
            slot.connection = await SmtpConnection.open(this.settings);
          }
          item.resolve(await slot.connection.send(item, () => (ahead = this.queue.shift())));
        } catch (error) {
          item.reject(error);
        }
        if (this.closed) {
          ahead?.reject(closedError());
          break;
        }
        item = ahead ?? this.queue.shift();
      }
    } finally {
      slot.busy = false;
      if (this.closed) slot.connection?.close();
    }
  }
}

function closedError(): SmtpError {
  return new SmtpError("The mail pool is closed", "ECONNECTION");
}
