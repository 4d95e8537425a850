CREATE TABLE `search_index_queue` (
	`entry_key` varchar(36) NOT NULL,
	`scope` varchar(8) NOT NULL,
	`target` varchar(255) NOT NULL,
	`language_id` int NOT NULL,
	`enqueued_at` bigint NOT NULL,
	CONSTRAINT `search_index_queue_entry_key` PRIMARY KEY(`entry_key`)
);
--> statement-breakpoint
CREATE INDEX `search_index_queue_enqueued` ON `search_index_queue` (`enqueued_at`);