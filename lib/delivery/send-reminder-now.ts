// Placeholder with the delivery engine's signature; the engine's own version replaces it.
export async function sendReminderNow(input: {
  userId: string;
  reminderId: string;
}): Promise<{ success: boolean; error?: string }> {
  void input;
  return { success: false, error: "Sending now is not available yet" };
}
