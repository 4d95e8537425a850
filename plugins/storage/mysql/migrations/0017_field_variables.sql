CREATE TABLE `field_variables` (
	`id` varchar(255) NOT NULL,
	`field_id` varchar(255) NOT NULL,
	`variable_key` varbinary(1020) NOT NULL,
	`variable_value` text NOT NULL,
	`created_at` bigint NOT NULL,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `field_variables_id` PRIMARY KEY(`id`),
	CONSTRAINT `field_variables_field_key_unique` UNIQUE(`field_id`,`variable_key`)
);
--> statement-breakpoint
ALTER TABLE `field_variables` ADD CONSTRAINT `field_variables_field_id_fields_id_fk` FOREIGN KEY (`field_id`) REFERENCES `fields`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Moves the variables out of the fields' JSON column, keeping their order (created_at counts up from the field's
-- creation); a key held twice by one field keeps its first row.
INSERT IGNORE INTO `field_variables` (`id`, `field_id`, `variable_key`, `variable_value`, `created_at`, `mod_date`)
SELECT v.id, f.id, v.k, coalesce(v.val, ''), f.i_date + v.n - 1, f.mod_date
FROM `fields` f,
     JSON_TABLE(f.field_variables, '$[*]' COLUMNS (
       n FOR ORDINALITY,
       id varchar(255) PATH '$.id',
       k varchar(255) PATH '$.key',
       val longtext PATH '$.value'
     )) v
ORDER BY f.id, v.n;--> statement-breakpoint
ALTER TABLE `fields` DROP COLUMN `field_variables`;