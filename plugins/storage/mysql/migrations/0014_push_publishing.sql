CREATE TABLE `push_endpoints` (
	`id` varchar(36) NOT NULL,
	`environment_id` varchar(36) NOT NULL,
	`server_name` varchar(255) NOT NULL,
	`protocol` varchar(8) NOT NULL,
	`address` varchar(255) NOT NULL,
	`port` int NOT NULL,
	`auth_key` text NOT NULL,
	`enabled` boolean NOT NULL,
	`sending` boolean NOT NULL,
	`created_at` bigint NOT NULL,
	CONSTRAINT `push_endpoints_id` PRIMARY KEY(`id`),
	CONSTRAINT `push_endpoints_server_name_unique` UNIQUE(`server_name`)
);
--> statement-breakpoint
CREATE TABLE `push_environments` (
	`id` varchar(36) NOT NULL,
	`name` varchar(255) NOT NULL,
	`push_to_all` boolean NOT NULL,
	`created_at` bigint NOT NULL,
	CONSTRAINT `push_environments_id` PRIMARY KEY(`id`),
	CONSTRAINT `push_environments_name_unique` UNIQUE(`name`)
);
--> statement-breakpoint
CREATE TABLE `push_records` (
	`endpoint_id` varchar(36) NOT NULL,
	`identifier` varchar(36) NOT NULL,
	`bundle_id` varchar(36) NOT NULL,
	`status` varchar(40) NOT NULL,
	`sent_hash` varchar(64),
	`last_error` text,
	`updated_at` bigint NOT NULL,
	CONSTRAINT `push_records_endpoint_id_identifier_pk` PRIMARY KEY(`endpoint_id`,`identifier`)
);
--> statement-breakpoint
CREATE INDEX `push_endpoints_environment` ON `push_endpoints` (`environment_id`);--> statement-breakpoint
CREATE INDEX `push_records_identifier` ON `push_records` (`identifier`);