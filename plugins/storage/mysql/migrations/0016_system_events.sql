CREATE TABLE `system_events` (
	`seq` bigint AUTO_INCREMENT NOT NULL,
	`origin` varchar(64) NOT NULL,
	`created_at` bigint NOT NULL,
	`body` longtext NOT NULL,
	CONSTRAINT `system_events_seq` PRIMARY KEY(`seq`)
);
--> statement-breakpoint
CREATE INDEX `system_events_created_at` ON `system_events` (`created_at`);