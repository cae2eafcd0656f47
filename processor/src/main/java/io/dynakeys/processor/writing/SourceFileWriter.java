package io.dynakeys.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import javax.annotation.processing.Filer;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * The one path by which generated files are written: adds {@code @Generated} (when the target
 * platform has it) and the originating element, which makes the processor isolating for
 * incremental builds.
 */
public final class SourceFileWriter {
  private final Filer filer;
  private final ClassName generated;

  /**
   * @param filer where files go
   * @param elements to look up which {@code @Generated} the compilation has
   * @param sourceVersion the compilation's source version
   */
  public SourceFileWriter(Filer filer, Elements elements, SourceVersion sourceVersion) {
    this.filer = filer;
    ClassName found = null;
    if (sourceVersion.compareTo(SourceVersion.RELEASE_8) > 0
        && elements.getTypeElement("javax.annotation.processing.Generated") != null) {
      found = ClassName.get("javax.annotation.processing", "Generated");
    } else if (elements.getTypeElement("javax.annotation.Generated") != null) {
      found = ClassName.get("javax.annotation", "Generated");
    }
    this.generated = found;
  }

  /** Writes {@code type} into {@code packageName}, originating from {@code origin}. */
  public void write(String packageName, TypeSpec type, TypeElement origin, String processor) throws IOException {
    TypeSpec.Builder builder = type.toBuilder().addOriginatingElement(origin);
    if (generated != null) {
      builder.addAnnotation(AnnotationSpec.builder(generated).addMember("value", "$S", processor).build());
    }
    JavaFile.builder(packageName, builder.build())
        .skipJavaLangImports(true)
        .indent("  ")
        .build()
        .writeTo(filer);
  }
}
