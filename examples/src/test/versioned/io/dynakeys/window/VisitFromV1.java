package io.dynakeys.window;

import io.dynakeys.runtime.schema.LayoutMigration;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Makes a version 2 {@link Visit} of a version 1 item: its region is where its page was served from. */
public final class VisitFromV1 implements LayoutMigration<VisitKeys.V1.Key, Visit> {

  /** The region of a page: {@code us} for the pages under {@code /us}, else {@code eu}. */
  static String region(String page) {
    return page != null && page.startsWith("/us") ? "us" : "eu";
  }

  @Override
  public Visit migrate(VisitKeys.V1.Key old, Map<String, AttributeValue> item) {
    AttributeValue page = item.get("page");
    String text = page == null || page.s() == null ? null : page.s();
    return new Visit(old.site(), old.day(), region(text), old.user(), text);
  }
}
