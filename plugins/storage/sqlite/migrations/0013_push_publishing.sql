CREATE TABLE `push_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`environment_id` text NOT NULL,
	`server_name` text NOT NULL,
	`protocol` text NOT NULL,
	`address` text NOT NULL,
	`port` integer NOT NULL,
	`auth_key` text NOT NULL,
	`enabled` integer NOT NULL,
	`sending` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_endpoints_server_name_unique` ON `push_endpoints` (`server_name`);--> statement-breakpoint
CREATE INDEX `push_endpoints_environment` ON `push_endpoints` (`environment_id`);--> statement-breakpoint
CREATE TABLE `push_environments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`push_to_all` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_environments_name_unique` ON `push_environments` (`name`);--> statement-breakpoint
CREATE TABLE `push_records` (
	`endpoint_id` text NOT NULL,
	`identifier` text NOT NULL,
	`bundle_id` text NOT NULL,
	`status` text NOT NULL,
	`sent_hash` text,
	`last_error` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`endpoint_id`, `identifier`)
);
--> statement-breakpoint
CREATE INDEX `push_records_identifier` ON `push_records` (`identifier`);