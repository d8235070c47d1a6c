// The data set being served, replaceable while the server runs: each request holds the data set it
// started with until it ends, and a replaced data set is closed once its last request has ended.
import { DataSet } from './dataset.ts';

export class DataHolder {
  private users = new Map<DataSet, number>();

  constructor(private current: DataSet) {}

  get dataSet(): DataSet {
    return this.current;
  }

  /** The current data set, held until `release`. */
  acquire(): DataSet {
    const dataSet = this.current;
    this.users.set(dataSet, (this.users.get(dataSet) ?? 0) + 1);
    return dataSet;
  }

  release(dataSet: DataSet): void {
    const remaining = (this.users.get(dataSet) ?? 1) - 1;
    if (remaining > 0) return void this.users.set(dataSet, remaining);
    this.users.delete(dataSet);
    if (dataSet !== this.current) dataSet.close();
  }

  /** Serves `next` from now on; the previous data set closes when no request holds it. */
  replace(next: DataSet): void {
    const previous = this.current;
    this.current = next;
    if (!this.users.has(previous)) previous.close();
  }

  close(): void {
    this.current.close();
  }
}
