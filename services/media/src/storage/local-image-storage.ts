import { createReadStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { assertObjectName } from '../images/image-names.js';
import { ImageStorage, type StoredObject } from './image-storage.port.js';

/**
 * Images on local disk, under `directory/<first two characters>/<name>` so no one folder grows
 * to hundreds of thousands of entries. Writes go to a temporary file that is renamed into place,
 * so a reader never sees half an image.
 */
export class LocalImageStorage extends ImageStorage {
  readonly driver = 'local';

  constructor(private readonly directory: string) {
    super();
  }

  async init(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  async put(name: string, data: Buffer): Promise<void> {
    const target = this.pathOf(name);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(name: string): Promise<StoredObject | null> {
    const file = this.pathOf(name);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(this.pathOf(name), { force: true })));
  }

  async check(): Promise<boolean> {
    await access(this.directory, constants.W_OK);
    return true;
  }

  /** The file of an object; the name was made by the server, and is checked once more here. */
  pathOf(name: string): string {
    assertObjectName(name);
    return path.join(this.directory, name.slice(0, 2), name);
  }
}
