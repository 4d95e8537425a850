CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site_id` text NOT NULL,
	`event_type` text NOT NULL,
	`session_id` text NOT NULL,
	`session_key` text NOT NULL,
	`user_id` text NOT NULL,
	`received_at` integer NOT NULL,
	`local_time` text,
	`page_url` text,
	`page_title` text,
	`content_identifier` text,
	`content_inode` text,
	`content_title` text,
	`content_type` text,
	`conversion_name` text,
	`viewport_offset_pct` real,
	`dom_index` integer,
	`screen_resolution` text,
	`language` text,
	`viewport_width` text,
	`viewport_height` text,
	`data_json` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_events_site_received` ON `analytics_events` (`site_id`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `analytics_events_site_type_received` ON `analytics_events` (`site_id`,`event_type`,`received_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_site_session_received` ON `analytics_events` (`site_id`,`session_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_site_user_received` ON `analytics_events` (`site_id`,`user_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_received` ON `analytics_events` (`received_at`,`id`);