// A value a screen reads from the core when it opens: the value once there, or the failure to show with a retry.
// The settings tabs each start this way; a save hands its answer back through `value`.
import { asApiError, type ApiError } from '../api/errors';

export class Loaded<T> {
  value = $state<T | null>(null);
  error = $state<ApiError | null>(null);

  constructor(private readonly read: () => Promise<T>) {
    void this.reload();
  }

  reload = async (): Promise<void> => {
    this.error = null;
    try {
      this.value = await this.read();
    } catch (e) {
      this.error = asApiError(e);
    }
  };
}
