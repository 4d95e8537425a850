CREATE TABLE `workflow_system_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`system_action` text NOT NULL,
	`action_id` text NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` text NOT NULL,
	FOREIGN KEY (`action_id`) REFERENCES `workflow_actions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workflow_system_actions_owner_unique` ON `workflow_system_actions` (`owner_kind`,`owner_id`,`system_action`);--> statement-breakpoint
CREATE INDEX `workflow_system_actions_action` ON `workflow_system_actions` (`action_id`);