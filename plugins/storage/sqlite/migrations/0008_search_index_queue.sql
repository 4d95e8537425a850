CREATE TABLE `search_index_queue` (
	`entry_key` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`target` text NOT NULL,
	`language_id` integer NOT NULL,
	`enqueued_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `search_index_queue_enqueued` ON `search_index_queue` (`enqueued_at`);