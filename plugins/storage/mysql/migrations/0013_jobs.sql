CREATE TABLE `jobs` (
	`id` varchar(36) NOT NULL,
	`kind` varchar(255) NOT NULL,
	`payload` longtext NOT NULL,
	`idempotency_key` varchar(255) NOT NULL,
	`status` varchar(8) NOT NULL,
	`attempts` int NOT NULL,
	`max_attempts` int NOT NULL,
	`next_run_at` bigint NOT NULL,
	`lease_owner` varchar(36),
	`lease_until` bigint,
	`last_error` text,
	`created_at` bigint NOT NULL,
	`updated_at` bigint NOT NULL,
	CONSTRAINT `jobs_id` PRIMARY KEY(`id`),
	CONSTRAINT `jobs_idempotency_key_unique` UNIQUE(`idempotency_key`)
);
--> statement-breakpoint
CREATE INDEX `jobs_status_next_run` ON `jobs` (`status`,`next_run_at`);--> statement-breakpoint
CREATE INDEX `jobs_status_lease` ON `jobs` (`status`,`lease_until`);