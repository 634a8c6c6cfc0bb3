import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ImageExtension } from './image-names.js';

/** An uploaded image: both renditions' sizes, who uploaded it, and what was sent. */
@Entity({ name: 'images' })
export class ImageRow {
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column({ type: 'text' })
  extension!: ImageExtension;

  @Column({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;

  @Column({ type: 'integer' })
  bytes!: number;

  @Column({ name: 'thumbnail_width', type: 'integer' })
  thumbnailWidth!: number;

  @Column({ name: 'thumbnail_height', type: 'integer' })
  thumbnailHeight!: number;

  @Column({ name: 'thumbnail_bytes', type: 'integer' })
  thumbnailBytes!: number;

  /** The format that was uploaded, by its magic number. */
  @Column({ name: 'source_type', type: 'text' })
  sourceType!: string;

  @Column({ name: 'source_bytes', type: 'integer' })
  sourceBytes!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Set when its last item reference went away; the purger then removes its objects and the row. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
