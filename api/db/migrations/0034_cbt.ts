import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Computer-based tests (docs/product.md, Assessments):
 * - `cbt_questions`: a school's question bank per class and subject; `options` is a JSON array of the choices
 *   of an objective question, `answer` the correct choice's index ("true"/"false" for true/false; null for
 *   theory, which a teacher marks).
 * - `cbt_tests`: a test with its short public `code` (unique everywhere: it is the key a student types) and
 *   `pin_key`, the random key its PINs are derived from.
 * - `cbt_papers`: one per student when the test is opened for the class, holding the questions drawn for them
 *   in their order (`questions`, JSON), the PIN's hash, and the attempt once started (`attempt` is its key).
 * - `cbt_answers`: each answer of a paper; `marks` null while a theory answer waits for its teacher.
 */
export const cbt: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("cbt_questions")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("options", "text")
        .addColumn("answer", "text")
        .addColumn("marks", "integer", (c) => c.notNull())
        .addColumn("image_key", "text")
        .addColumn("creation_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("cbt_questions_bank")
        .on("cbt_questions")
        .columns(["school_id", "class_name", "subject", "id"])
        .execute();
      await db.schema
        .createIndex("cbt_questions_key")
        .on("cbt_questions")
        .columns(["school_id", "creation_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("cbt_tests")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("duration_minutes", "integer", (c) => c.notNull())
        .addColumn("question_count", "integer", (c) => c.notNull())
        .addColumn("opens_at", "text", (c) => c.notNull())
        .addColumn("closes_at", "text", (c) => c.notNull())
        .addColumn("results_column", "text")
        .addColumn("shuffle", "integer", (c) => c.notNull())
        .addColumn("grace_minutes", "integer", (c) => c.notNull())
        .addColumn("lab_network", "text")
        .addColumn("pin_key", "text", (c) => c.notNull())
        .addColumn("opened_at", "text")
        .addColumn("sent_at", "text")
        .addColumn("creation_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("cbt_tests_list")
        .on("cbt_tests")
        .columns(["school_id", "class_name", "subject", "id"])
        .execute();
      await db.schema
        .createIndex("cbt_tests_key")
        .on("cbt_tests")
        .columns(["school_id", "creation_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("cbt_papers")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("test_id", "integer", (c) => c.notNull().references("cbt_tests.id").onDelete("cascade"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
        .addColumn("pin_hash", "text", (c) => c.notNull())
        .addColumn("pin_round", "integer", (c) => c.notNull())
        .addColumn("questions", "text", (c) => c.notNull())
        .addColumn("attempt", "text", (c) => c.unique())
        .addColumn("started_at", "text")
        .addColumn("ends_at", "text")
        .addColumn("submitted_at", "text")
        .execute();
      await db.schema
        .createIndex("cbt_papers_student")
        .on("cbt_papers")
        .columns(["test_id", "student_id"])
        .unique()
        .execute();
      await db.schema
        .createIndex("cbt_papers_pin")
        .on("cbt_papers")
        .columns(["test_id", "pin_hash"])
        .unique()
        .execute();

      await db.schema
        .createTable("cbt_answers")
        .addColumn("paper_id", "integer", (c) => c.notNull().references("cbt_papers.id").onDelete("cascade"))
        .addColumn("school_id", "integer", school)
        .addColumn("n", "integer", (c) => c.notNull())
        .addColumn("choice", "text", (c) => c.notNull())
        .addColumn("marks", "double precision")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("cbt_answers_pk", ["paper_id", "n"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("cbt_answers").ifExists().execute();
      await db.schema.dropTable("cbt_papers").ifExists().execute();
      await db.schema.dropTable("cbt_tests").ifExists().execute();
      await db.schema.dropTable("cbt_questions").ifExists().execute();
    },
  };
};
