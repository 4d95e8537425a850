CREATE TABLE `analytics_events` (
	`id` bigint AUTO_INCREMENT NOT NULL,
	`site_id` varchar(255) NOT NULL,
	`event_type` varchar(255) NOT NULL,
	`session_id` varchar(255) NOT NULL,
	`session_key` varchar(300) NOT NULL,
	`user_id` varchar(255) NOT NULL,
	`received_at` bigint NOT NULL,
	`local_time` varchar(255),
	`page_url` text,
	`page_title` text,
	`content_identifier` varchar(255),
	`content_inode` varchar(255),
	`content_title` text,
	`content_type` varchar(255),
	`conversion_name` varchar(255),
	`viewport_offset_pct` double,
	`dom_index` int,
	`screen_resolution` varchar(255),
	`language` varchar(255),
	`viewport_width` varchar(255),
	`viewport_height` varchar(255),
	`data_json` longtext NOT NULL,
	CONSTRAINT `analytics_events_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE INDEX `analytics_events_site_received` ON `analytics_events` (`site_id`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `analytics_events_site_type_received` ON `analytics_events` (`site_id`,`event_type`,`received_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_site_session_received` ON `analytics_events` (`site_id`,`session_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_site_user_received` ON `analytics_events` (`site_id`,`user_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_received` ON `analytics_events` (`received_at`,`id`);