CREATE TABLE `field_variables` (
	`id` text PRIMARY KEY NOT NULL,
	`field_id` text NOT NULL,
	`variable_key` text NOT NULL,
	`variable_value` text NOT NULL,
	`created_at` integer NOT NULL,
	`mod_date` integer NOT NULL,
	FOREIGN KEY (`field_id`) REFERENCES `fields`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `field_variables_field_key_unique` ON `field_variables` (`field_id`,`variable_key`);--> statement-breakpoint
-- Moves the variables out of the fields' JSON column, keeping their order (created_at counts up from the field's
-- creation); a key held twice by one field keeps its first row.
INSERT OR IGNORE INTO `field_variables` (`id`, `field_id`, `variable_key`, `variable_value`, `created_at`, `mod_date`)
SELECT json_extract(v.value, '$.id'), f.id, json_extract(v.value, '$.key'), coalesce(json_extract(v.value, '$.value'), ''),
       f.i_date + v.key, f.mod_date
FROM `fields` f, json_each(f.field_variables) v
ORDER BY f.id, v.key;--> statement-breakpoint
ALTER TABLE `fields` DROP COLUMN `field_variables`;