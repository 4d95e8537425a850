CREATE TABLE `system_events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`origin` text NOT NULL,
	`created_at` integer NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `system_events_created_at` ON `system_events` (`created_at`);