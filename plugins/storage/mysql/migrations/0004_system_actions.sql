CREATE TABLE `workflow_system_actions` (
	`id` varchar(255) NOT NULL,
	`system_action` varchar(32) NOT NULL,
	`action_id` varchar(255) NOT NULL,
	`owner_kind` varchar(32) NOT NULL,
	`owner_id` varchar(255) NOT NULL,
	CONSTRAINT `workflow_system_actions_id` PRIMARY KEY(`id`),
	CONSTRAINT `workflow_system_actions_owner_unique` UNIQUE(`owner_kind`,`owner_id`,`system_action`)
);
--> statement-breakpoint
ALTER TABLE `workflow_system_actions` ADD CONSTRAINT `workflow_system_actions_action_fk` FOREIGN KEY (`action_id`) REFERENCES `workflow_actions`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `workflow_system_actions_action` ON `workflow_system_actions` (`action_id`);